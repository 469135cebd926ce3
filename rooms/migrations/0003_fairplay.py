# Fair play (rooms/fairplay.py): a deal's seed becomes a secret of 256 bits in hex, with a commitment,
# the new_game options and the state as dealt. Deals dealt before keep their seed (its 62-bit number
# written in hex: the same number, so their computers play on unchanged) and have no commitment.

import rooms.fairplay
from django.db import migrations, models


def seeds_to_hex(apps, schema_editor):
    Deal = apps.get_model("rooms", "Deal")
    for deal in Deal.objects.only("pk", "seed").iterator():
        Deal.objects.filter(pk=deal.pk).update(seed=format(int(deal.seed), "064x"))


def seeds_to_numbers(apps, schema_editor):
    """Back to a BigIntegerField: a 256-bit seed does not fit, so it keeps its low 63 bits."""
    Deal = apps.get_model("rooms", "Deal")
    for deal in Deal.objects.only("pk", "seed").iterator():
        Deal.objects.filter(pk=deal.pk).update(seed=str(int(deal.seed, 16) & (2**63 - 1)))


class Migration(migrations.Migration):

    dependencies = [
        ('rooms', '0002_seat_user'),
    ]

    operations = [
        migrations.AddField(
            model_name='deal',
            name='commitment',
            field=models.CharField(blank=True, help_text='SHA-256 of the seed, room and number.', max_length=64),
        ),
        migrations.AddField(
            model_name='deal',
            name='options',
            field=models.JSONField(blank=True, help_text="The engine's new_game options of this deal.", null=True),
        ),
        migrations.AddField(
            model_name='deal',
            name='shared',
            field=models.BooleanField(default=False, help_text="The room's creator shares the replay by a link."),
        ),
        migrations.AddField(
            model_name='deal',
            name='start',
            field=models.JSONField(blank=True, help_text='The state as dealt, before any move.', null=True),
        ),
        migrations.AlterField(
            model_name='deal',
            name='seed',
            field=models.CharField(default=rooms.fairplay.new_seed, help_text='Secret until the deal is over.', max_length=64),
        ),
        migrations.RunPython(seeds_to_hex, seeds_to_numbers),
    ]
