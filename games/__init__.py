"""Rules engines of Cardavia: pure Python, no Django, Channels or Celery below this package.

`games.registry.get(key)` gives a game's engine; every engine raises `games.IllegalAction`.
"""

from games.core import registry
from games.core.errors import IllegalAction

__all__ = ["IllegalAction", "registry"]
