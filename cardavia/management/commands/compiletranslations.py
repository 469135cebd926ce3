"""Compile every locale/*/LC_MESSAGES/*.po to .mo with polib, so no GNU gettext is needed to build."""

from pathlib import Path

import polib
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po → .mo) without GNU gettext."

    def handle(self, *args, **options) -> None:
        for locale_dir in settings.LOCALE_PATHS:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                polib.pofile(str(po_path)).save_as_mofile(str(po_path.with_suffix(".mo")))
                if options["verbosity"] > 1:
                    self.stdout.write(f"compiled {po_path}")
