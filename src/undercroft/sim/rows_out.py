"""``--out FILE``: one row per game, as CSV or Parquet by the file's extension, for pandas.

Rows are written as they come, a chunk at a time, to a temporary file beside the
target, which takes the target's name only when the run has finished: a run
that fails or is stopped leaves an existing file as it was.
"""

from __future__ import annotations

import csv
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final

from undercroft.content.files import check_replaceable
from undercroft.engine.figures import Figure, Share
from undercroft.errors import BadInput

FORMATS: Final = (".csv", ".parquet")
CHUNK: Final = 2_000
"""Rows gathered into one Parquet row group."""


def check_target(path: Path) -> None:
    """Refuse an ``--out`` whose extension or folder cannot work, or that would replace
    something other than a regular file (a folder, a device, a FIFO), before any game is
    played."""
    if path.suffix.lower() not in FORMATS:
        raise BadInput(f"rows file {path}: expected a .csv or .parquet file")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BadInput(f"rows file {path}: no folder {folder}")
    check_replaceable(path, f"rows file {path}")


class RowWriter:
    """Writes rows to ``path`` (CSV or Parquet); the file appears when ``close`` is called
    after success."""

    def __init__(self, path: Path, columns: Sequence[str]) -> None:
        check_target(path)
        self.path = path
        self.columns = list(columns)
        self.parquet = path.suffix.lower() == ".parquet"
        handle, name = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        os.close(handle)
        self._temp = Path(name)
        self._chunk: list[dict[str, Figure]] = []
        self._file: IO[str] | None = None
        self._csv: Any = None
        self._parquet: Any = None
        if not self.parquet:
            self._file = self._temp.open("w", newline="", encoding="utf-8")
            self._csv = csv.DictWriter(self._file, self.columns, restval="")
            self._csv.writeheader()

    def write(self, row: dict[str, Figure]) -> None:
        row = {name: str(value) if isinstance(value, Share) else value
               for name, value in row.items()}  # a share is written "3/4"
        if self._csv is not None:
            self._csv.writerow(row)
            return
        self._chunk.append(row)
        if len(self._chunk) >= CHUNK:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if not self._chunk:
            return
        if self._parquet is None:
            schema = pa.schema([(c, _arrow_type(pa, self._chunk, c)) for c in self.columns])
            self._parquet = pq.ParquetWriter(self._temp, schema)
        rows = [{c: row.get(c) for c in self.columns} for row in self._chunk]
        self._parquet.write_table(pa.Table.from_pylist(rows, schema=self._parquet.schema))
        self._chunk = []

    def close(self) -> None:
        """Finish the file and give it the target's name."""
        if self._file is not None:
            self._file.close()
        else:
            self._flush()
            if self._parquet is None:  # no rows at all: still a file with the columns
                import pyarrow as pa
                import pyarrow.parquet as pq

                pq.write_table(pa.table({c: pa.array([], pa.null()) for c in self.columns}),
                               self._temp)
            else:
                self._parquet.close()
        try:
            check_replaceable(self.path, f"rows file {self.path}")
        except BadInput:
            self._temp.unlink(missing_ok=True)
            raise
        os.replace(self._temp, self.path)

    def abandon(self) -> None:
        """Drop the temporary file; the target stays as it was."""
        if self._file is not None:
            self._file.close()
        if self._parquet is not None:
            self._parquet.close()
        self._temp.unlink(missing_ok=True)

    def __enter__(self) -> RowWriter:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if error is None:
            self.close()
        else:
            self.abandon()


def _arrow_type(pa: Any, rows: list[dict[str, Figure]], column: str) -> Any:
    """A column's type from the values seen: true/false, whole numbers, numbers or words."""
    values = [row[column] for row in rows if row.get(column) is not None]
    if values and all(isinstance(v, bool) for v in values):
        return pa.bool_()
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return pa.int64()
    if values and all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        return pa.float64()
    return pa.string()
