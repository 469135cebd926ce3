"""Compile every catalogue (the project's and each app's) to .mo with polib: no GNU gettext needed."""

import sys
from pathlib import Path

import polib
from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile the translation catalogues (.po → .mo) without GNU gettext."

    def handle(self, *args, **options) -> None:
        app_dirs = [Path(app.path) / "locale" for app in apps.get_app_configs()]
        # Only the project's own apps: installed packages (even in a virtualenv inside the checkout) ship theirs.
        own = [d for d in app_dirs if d.is_relative_to(settings.BASE_DIR) and not d.is_relative_to(sys.prefix)]
        for locale_dir in [*settings.LOCALE_PATHS, *own]:
            for po_path in sorted(Path(locale_dir).glob("*/LC_MESSAGES/*.po")):
                polib.pofile(str(po_path)).save_as_mofile(str(po_path.with_suffix(".mo")))
                if options["verbosity"] > 1:
                    self.stdout.write(f"compiled {po_path}")
