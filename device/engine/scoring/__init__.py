"""Scoring: contracts, rubber and Chicago sheets, one deal alone.

Every number lives in a JSON chart of this package (contract.json,
rubber.json, chicago.json), read once; a form with a sheet of its own keeps it
in its package (aBRIDGEd's chart and sheet, three-player's sheet), with `chart`.
"""

from ._charts import chart
from .alone import chicago_vulnerable, score_alone
from .chicago import ChicagoSheet
from .contract import ContractScore, honours_in_hand, score_contract
from .rubber import RubberSheet
from .sheet import DealOutcome, SheetLine

__all__ = [
    "ChicagoSheet",
    "ContractScore",
    "DealOutcome",
    "RubberSheet",
    "SheetLine",
    "chart",
    "chicago_vulnerable",
    "honours_in_hand",
    "score_alone",
    "score_contract",
]
