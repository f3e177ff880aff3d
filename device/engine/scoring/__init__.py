"""Scoring: contracts, the rubber sheet, one deal alone.

Every number lives in a JSON chart of this package (contract.json,
rubber.json), read once; a form with a sheet of its own keeps it and its chart
in its package (Chicago's, aBRIDGEd's, three-player's), with `chart`.
"""

from ._charts import by_vulnerability, chart
from .alone import score_alone
from .contract import ContractScore, honours_in_hand, score_contract
from .rubber import RubberSheet
from .sheet import DealOutcome, SheetLine

__all__ = [
    "ContractScore",
    "DealOutcome",
    "RubberSheet",
    "SheetLine",
    "by_vulnerability",
    "chart",
    "honours_in_hand",
    "score_alone",
    "score_contract",
]
