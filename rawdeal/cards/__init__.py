"""Card and Superstar facts: the values (`model`) and the database shipped with rawdeal (`db`)."""

from rawdeal.cards.db import CardDB, load_db
from rawdeal.cards.model import Card, CardType, Subtype, Superstar, Trait

__all__ = ["Card", "CardDB", "CardType", "Subtype", "Superstar", "Trait", "load_db"]
