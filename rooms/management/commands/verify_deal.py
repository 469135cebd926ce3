"""`manage.py verify_deal <room token> <deal number>`: the shuffle check of rooms/fairplay.py on the console.

Prints the commitment recorded before the deal, the revealed seed, the hashed text and its SHA-256
computed now, each seat's hand as recorded and as dealt again from the seed, and whether the recorded
moves lead to the recorded end. Exits with status 1 when anything differs (or there is nothing to check).
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from rooms import fairplay
from rooms.models import Deal


class Command(BaseCommand):
    help = "Recompute a finished deal from its revealed seed and compare it with the recorded deal."

    def add_arguments(self, parser) -> None:
        parser.add_argument("token", help="the room's invite token (the last part of its URL /raum/<token>/; "
                                          "an older token that begins with '-' goes after '--')")
        parser.add_argument("number", type=int, help="the deal's number in the room (1, 2, …)")

    def handle(self, *args, token: str, number: int, **options) -> None:
        deal = Deal.objects.select_related("room").filter(room__token=token, number=number).first()
        if deal is None:
            raise CommandError(f"no deal {number} in a room {token!r}")
        if not deal.over:
            raise CommandError(f"deal {number} is still being played: its seed stays secret until it is over")
        if not fairplay.checkable(deal):
            raise CommandError(f"deal {number} was dealt before shuffles were sealed: it has no commitment")
        check = fairplay.check_deal(deal)
        mark = {True: "ok", False: "DIFFERS"}
        lines = [
            f"game {deal.room.game}, room {deal.room_id}, deal {number}",
            f"commitment recorded before the deal: {check.recorded_commitment}",
            f"revealed seed:                      {deal.seed}",
            f"hashed text:                        {check.commitment_input}",
            f"SHA-256 of it, computed now:        {check.recomputed_commitment}  {mark[check.commitment_ok]}",
        ]
        for hand in check.hands:
            lines.append(f"seat {hand.seat} recorded: {' '.join(hand.recorded)}")
            lines.append(f"seat {hand.seat} from seed: {' '.join(hand.recomputed)}  {mark[hand.ok]}")
        lines.append(f"whole deal (stock, bottom, dealer, first player) from seed: {mark[check.state_ok]}")
        lines.append(f"recorded moves lead to the recorded end: {mark[check.moves_ok]}")
        self.stdout.write("\n".join(lines))
        if not check.ok:
            raise CommandError("the deal does not match its seed")
        self.stdout.write(self.style.SUCCESS("the deal matches its revealed seed"))
