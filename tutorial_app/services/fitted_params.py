"""The model parameters the store holds (`model_params`, revision 0011), read by the
Practice page (BKT) and by every review (FSRS), and written by
`python -m tutorial_app.tools.fit_model --write`.

Every replica reads the same row, so every replica uses the same values. A read is
cached per store for CACHE_SECONDS (a page and every try would otherwise read the
table again); a write in this process forgets the cache at once, and other processes
see it within CACHE_SECONDS. No row, or a row that does not read back (wrong length,
not numbers): the textbook values. Values read are held within course/practice/fit.py's
bounds, whoever wrote them.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import weakref
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Final

from sqlalchemy import Connection, select

from tutorial_app.course.practice.fit import BKT_NAMES, Fit, as_params, clip_bkt, clip_fsrs
from tutorial_app.course.practice.mastery import PARAMS, BKTParams
from tutorial_app.services.practice_tables import model_params

if TYPE_CHECKING:
    from tutorial_app.services.store import ProgressStore

CACHE_SECONDS: Final = 60.0
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Params:
    """The parameters in use: BKT's, and FSRS's weights (None: FSRS's defaults)."""

    bkt: BKTParams = PARAMS
    fsrs: tuple[float, ...] | None = None
    fitted_bkt: bool = False


TEXTBOOK: Final = Params()
_lock = threading.Lock()
_cache: weakref.WeakKeyDictionary[ProgressStore, tuple[float, Params]] = (
    weakref.WeakKeyDictionary())


def forget() -> None:
    """Drop every cached read (after a write)."""
    with _lock:
        _cache.clear()


def current(store: ProgressStore, con: Connection | None = None) -> Params:
    """The parameters to use now (cached; read through `con` when given, so a review
    inside a transaction reads in it)."""
    now = time.monotonic()
    with _lock:
        kept = _cache.get(store)
    if kept is not None and now - kept[0] < CACHE_SECONDS:
        return kept[1]
    if con is None:
        with store._read() as reading:
            found = _read(reading)
    else:
        found = _read(con)
    with _lock:
        _cache[store] = (now, found)
    return found


def _read(con: Connection) -> Params:
    rows = {str(r[0]): str(r[1]) for r in con.execute(
        select(model_params.c.name, model_params.c.params))}
    bkt, fsrs, fitted = PARAMS, None, False
    try:
        if "bkt" in rows:
            values = json.loads(rows["bkt"])
            bkt, fitted = clip_bkt(as_params([float(values[n]) for n in BKT_NAMES])), True
        if "fsrs" in rows:
            fsrs = clip_fsrs([float(x) for x in json.loads(rows["fsrs"])])
    except (ValueError, KeyError, TypeError):
        log.warning("the stored model parameters do not read back: textbook values used")
        return TEXTBOOK
    return Params(bkt, fsrs, fitted)


def write(store: ProgressStore, fit: Fit, at: float | None = None) -> None:
    """Keep a fit's values as the ones every replica uses (only a fit that was made:
    a fit that kept the textbook values removes any stored row, so the app is back on
    the textbook's)."""
    when = time.time() if at is None else at
    with store._write() as con:
        con.execute(model_params.delete().where(model_params.c.name == fit.model))
        if fit.fitted:
            values: object = (asdict(as_params(fit.values)) if fit.model == "bkt"
                              else list(fit.values))
            con.execute(model_params.insert().values(
                name=fit.model, params=json.dumps(values), fitted=when, attempts=fit.n,
                learners=fit.learners))
    forget()
