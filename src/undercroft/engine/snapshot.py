"""Snapshots: a game in progress written as JSON text, so that a long game resumes
without replaying every step.

A record (choices from a seed) stays the truth; a snapshot is a cache of where a record
leads, kept beside it. DESIGN.md says "never pickle state", for good reasons: a pickle
can run any code it names, is unreadable, and breaks silently when a class changes. A
snapshot avoids each of these:

- It is JSON, and it can only make objects of Undercroft's own classes (plus the
  containers and numpy's PCG64 generator that states are made of). An object is made
  with its class's ``__new__`` and then given its attributes; an immutable value
  (``undercroft.values.Value``) is made from its fields; only a class that says how it
  is rebuilt (below) is called with arguments. A class is found only under its own
  module and name (not through a module's imports), and a name outside the package is
  refused, so a damaged or doctored database cannot make the server run code of its
  choosing; sizes it may ask of the map classes are bounded.
- It holds the object graph as it is. An object reached twice (a hero in the party and
  in a room, a scene and the level it is kept in) is written once and referred to after
  that, so identities and cycles survive.
- It carries a game's truth, not what its queries keep: a cached property's value is
  left out (worked out again when asked), and a cache object says, by its
  ``__reduce__``, that it is rebuilt empty (an Amulet game's ``StepCache``).
- It is written by one build of the code and read only by the same one
  (:func:`code_fingerprint`). A reader that finds anything unexpected raises
  :class:`~undercroft.errors.BadInput`, and the caller replays the record instead.

Form: JSON scalars stand for themselves, a JSON array is a list, and every JSON object
is a tagged node with exactly one tag. An optional ``"#"`` is the node's number, for the
references made later as ``{"r": N}``:

``{"l": [...]}`` a list with a number; ``{"t": [...]}`` a tuple; ``{"s": [...]}`` a set;
``{"f": [...]}`` a frozenset; ``{"d": {...}}`` a dict with text keys; ``{"p": [[k, v],
...]}`` any other dict;
``{"o": "module:Name", "a": {...}}`` an object and its attributes; ``{"o": "module:Name",
"n": [...], "a": {...}}`` an object made by calling its class with ``n``, then given the
attributes ``a``; ``{"o": "module:Name", "i": [...]}`` the one object of its class that
``_interned(*i)`` gives (a cached outline, compared by identity); ``{"v": "module:Name",
"a": [...]}`` an immutable value and its fields; ``{"g": {...}}`` numpy's PCG64 generator
state; ``{"x": "hex"}`` a whole number too long for JSON's usual digits.

Most objects are made with their class's ``__new__`` and given their attributes. A class
compiled by mypyc cannot be made that way (its ``__new__`` runs ``__init__``), so such a
class says how it is rebuilt the way Python's copy and pickle ask it: a ``__reduce__``
that returns the class (or its static ``_interned``), the arguments to call it with, and
optionally the attributes to set after; a snapshot takes that form, limited to the
package's own classes and plain JSON.
"""

from __future__ import annotations

import hashlib
import importlib
import inspect
import json
import pkgutil
from collections.abc import Iterable
from functools import cache, cached_property
from pathlib import Path
from typing import Any, Final

import numpy as np

from undercroft.errors import BadInput
from undercroft.values import Value

FORMAT: Final = 1
"""Changes when the form above changes."""

_PACKAGE: Final = "undercroft"
_SCALARS: Final = (str, int, float, bool, type(None))
_SKIPPED_SLOTS: Final = frozenset({"__dict__", "__weakref__"})
_PLAIN_BITS: Final = 64
"""Whole numbers longer than this are written in hex (a level's occupancy bitset has
160,000 bits; Python refuses to write more than 4,300 decimal digits)."""


def dumps(graph: Any) -> str:
    """``graph`` (a state, or a dict of a state and what goes with it) as JSON text.

    Raises TypeError, naming where, for anything a snapshot cannot hold (a function, a
    class from outside the package): that is a fault of ours, not of the input.
    """
    writer = _Writer(graph)
    return json.dumps({"format": FORMAT, "graph": writer.node(graph, "root")},
                      separators=(",", ":"))


def loads(text: str | bytes) -> Any:
    """The object graph that :func:`dumps` wrote; BadInput for anything else."""
    try:
        document = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise BadInput(f"snapshot: not JSON ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        found = document.get("format") if isinstance(document, dict) else None
        raise BadInput(f"snapshot: format {found!r}, this version reads {FORMAT}")
    try:
        return _Reader().node(document.get("graph"), "root")
    except (TypeError, ValueError, KeyError, IndexError, OverflowError,
            RecursionError) as error:
        if isinstance(error, BadInput):
            raise
        raise BadInput(f"snapshot: cannot be read ({type(error).__name__}: {error})"
                       ) from None


@cache
def code_fingerprint() -> str:
    """:func:`fingerprint` of the package's own folder."""
    return fingerprint(Path(__file__).resolve().parents[1])


def fingerprint(root: Path) -> str:
    """A hash of every source and data file of the package: a snapshot is read only by
    the code that wrote it (a rules change that forgot to bump a ruleset's version, or a
    class that gained a field, makes old snapshots unused rather than wrong). Compiled
    modules sit beside their sources and are left out, so a compiled and a plain build
    of the same sources read each other's snapshots."""
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix in {".so", ".pyd", ".pyc"} or (
                "__pycache__" in path.parts):
            continue
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@cache
def _attribute_names(cls: type) -> tuple[str, ...]:
    """The attributes an instance of ``cls`` may hold besides its ``__dict__``: slots
    declared along its bases, and a compiled class's attributes (mypyc lists them)."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        declared = klass.__dict__.get("__slots__", ())
        names += [declared] if isinstance(declared, str) else list(declared)
        names += list(klass.__dict__.get("__mypyc_attrs__", ()))
    return tuple(dict.fromkeys(name for name in names if name not in _SKIPPED_SLOTS))


@cache
def _cached_names(cls: type) -> frozenset[str]:
    """The class's cached properties: what they keep in an object's ``__dict__`` is
    worked out again when asked, so a snapshot leaves it out (it carries truth only)."""
    return frozenset(name for klass in cls.__mro__ for name, member in vars(klass).items()
                     if isinstance(member, cached_property))


def _attributes(value: Any) -> dict[str, Any]:
    found = {}
    kind: Any = type(value)
    for name in _attribute_names(kind):
        try:
            found[name] = getattr(value, name)
        except AttributeError:
            continue  # a slot never set
    own = getattr(value, "__dict__", None)
    if isinstance(own, dict):
        cached = _cached_names(kind)
        found.update(own if not cached else {name: item for name, item in own.items()
                                             if name not in cached})
    return found


class _Writer:
    """Numbers the objects reached more than once, then writes each node."""

    def __init__(self, graph: Any) -> None:
        self.shared = self._shared(graph)
        self.numbers: dict[int, int] = {}
        self.open: set[int] = set()
        """Immutable containers being written (a cycle through one cannot be read back)."""

    def _shared(self, graph: Any) -> set[int]:
        seen: set[int] = set()
        shared: set[int] = set()
        stack = [graph]
        keep = []  # every object stays alive while its id is in use
        while stack:
            value = stack.pop()
            if isinstance(value, _SCALARS):
                continue
            key = id(value)
            if key in seen:
                shared.add(key)
                continue
            seen.add(key)
            keep.append(value)
            stack.extend(_children(value))
        return shared

    def node(self, value: Any, where: str) -> Any:
        kind = type(value)
        if kind is int and value.bit_length() > _PLAIN_BITS:
            return {"x": format(value, "x")}  # decimal text of huge numbers is limited
        if kind in (str, int, float, bool) or value is None:
            return value
        key = id(value)
        number = self.numbers.get(key)
        if number is not None:
            if key in self.open:
                raise TypeError(f"snapshot: {where}: a cycle through an immutable "
                                f"{kind.__name__} cannot be written")
            return {"r": number}
        if key not in self.shared:
            return self._body(value, kind, where)
        number = self.numbers[key] = len(self.numbers)
        immutable = kind is tuple or kind is frozenset or isinstance(value, Value)
        if immutable:
            self.open.add(key)
        node = self._body(value, kind, where)
        if immutable:
            self.open.discard(key)
        if isinstance(node, list):
            node = {"l": node}
        node["#"] = number
        return node

    def _body(self, value: Any, kind: type, where: str) -> Any:
        if kind is list:
            return [self.node(item, f"{where}[{i}]") for i, item in enumerate(value)]
        if kind is dict:
            if all(type(key) is str for key in value):
                return {"d": {key: self.node(item, f"{where}[{key!r}]")
                              for key, item in value.items()}}
            return {"p": [[self.node(key, f"{where} key"), self.node(item, f"{where}[{key!r}]")]
                          for key, item in value.items()]}
        if kind in (tuple, frozenset):
            items = [self.node(item, f"{where}[{i}]") for i, item in enumerate(value)]
            return {"t" if kind is tuple else "f": items}
        if kind is set:
            return {"s": [self.node(item, f"{where} item") for item in _in_order(value)]}
        if kind is np.random.Generator:
            bits = value.bit_generator
            if type(bits) is not np.random.PCG64:
                raise TypeError(f"snapshot: {where}: a {type(bits).__name__} generator "
                                "(only PCG64 is written)")
            return {"g": bits.state}
        if isinstance(value, Value):
            return {"v": self._name(kind, where),
                    "a": [self.node(field, f"{where}.{name}") for name, field in
                          zip(value.__match_args__, value._fields(), strict=True)]}
        name = self._name(kind, where)
        if _rebuilt(kind):
            interned, args, state = _rebuilding(value, where)
            made = [self.node(item, f"{where}({i})") for i, item in enumerate(args)]
            if interned:
                return {"o": name, "i": made}
            return {"o": name, "n": made,
                    "a": {attribute: self.node(item, f"{where}.{attribute}")
                          for attribute, item in state.items()}}
        return {"o": name, "a": {attribute: self.node(item, f"{where}.{attribute}")
                                 for attribute, item in _attributes(value).items()}}

    @staticmethod
    def _name(kind: type, where: str) -> str:
        if not _ours(kind):
            raise TypeError(f"snapshot: {where}: cannot write a {kind.__module__}."
                            f"{kind.__qualname__}")
        return f"{kind.__module__}:{kind.__qualname__}"


def _ours(kind: type) -> bool:
    """A class of the package (one defined inside a function cannot be found again)."""
    return _in_package(kind.__module__) and "<locals>" not in kind.__qualname__


def _in_package(module: str) -> bool:
    return module == _PACKAGE or module.startswith(_PACKAGE + ".")


@cache
def _rebuilt(kind: Any) -> bool:
    """Whether the class says how it is rebuilt: a ``__reduce__`` of the package's own."""
    owner = next(klass for klass in kind.__mro__ if "__reduce__" in klass.__dict__)
    return owner is not object and _ours(owner)


def _interner(kind: Any) -> Any:
    """The class's own static ``_interned``, or None."""
    return kind._interned if "_interned" in kind.__dict__ else None


def _rebuilding(value: Any, where: str) -> tuple[bool, tuple[Any, ...], dict[str, Any]]:
    """Whether ``value`` is interned, the arguments that make it again and the attributes
    to set after, from its ``__reduce__``: (its class, arguments[, attributes]) or (its
    ``_interned``, arguments)."""
    kind = type(value)
    made = value.__reduce__()
    if isinstance(made, tuple) and len(made) in (2, 3) and type(made[1]) is tuple:
        maker, args, state = made[0], made[1], made[2] if len(made) == 3 else None
        if maker is kind and (state is None or type(state) is dict):
            return False, args, state or {}
        if maker == _interner(kind) and state is None:
            return True, args, {}
    raise TypeError(f"snapshot: {where}: {kind.__qualname__}.__reduce__ does not give (its "
                    "class or _interned, arguments[, attributes])")


def _in_order(items: set[Any]) -> Iterable[Any]:
    """A set's items sorted where they can be (text, numbers), so that the same state is
    written as the same text; else as the set has them."""
    try:
        return sorted(items)
    except TypeError:
        return items


def _children(value: Any) -> Iterable[Any]:
    kind: Any = type(value)
    if kind is list or kind is tuple or kind is set or kind is frozenset:
        return value  # type: ignore[no-any-return]
    if kind is dict:
        return [*value.keys(), *value.values()]
    if kind is np.random.Generator:
        return ()
    if isinstance(value, Value):
        return value._fields()
    if not _ours(kind):
        return ()  # refused, naming where, when it is written
    if _rebuilt(kind):
        _, args, state = _rebuilding(value, "root")
        return [*args, *state.values()]
    return _attributes(value).values()


class _Reader:
    """Makes the nodes back into objects, numbered ones once."""

    def __init__(self) -> None:
        self.numbered: dict[int, Any] = {}

    def node(self, node: Any, where: str) -> Any:
        if node is None or type(node) in (str, int, float, bool):
            return node
        if type(node) is list:
            return [self.node(item, f"{where}[{i}]") for i, item in enumerate(node)]
        if type(node) is not dict:
            raise BadInput(f"snapshot: {where}: unexpected {type(node).__name__}")
        number = node.get("#")
        keys = set(node) - {"#"}
        tag = next((tag for tag in ("o", "v") if tag in keys), None) or (
            next(iter(keys)) if len(keys) == 1 else None)
        if tag not in _FORMS or keys not in _FORMS[tag] or (
                number is not None and type(number) is not int):
            raise BadInput(f"snapshot: {where}: not a snapshot node ({sorted(node)})")
        if tag == "r":
            try:
                return self.numbered[node["r"]]
            except (KeyError, TypeError):
                raise BadInput(f"snapshot: {where}: refers to {node['r']!r}, which is not "
                               "(yet) written") from None
        return _READERS[tag](self, node, number, where)

    def keep(self, number: int | None, value: Any) -> Any:
        if number is not None:
            self.numbered[number] = value
        return value

    def items(self, node: dict[str, Any], tag: str, where: str) -> list[Any]:
        items = node[tag]
        if type(items) is not list:
            raise BadInput(f"snapshot: {where}: {tag!r} holds no list")
        return [self.node(item, f"{where}[{i}]") for i, item in enumerate(items)]

    def read_list(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        made: list[Any] = self.keep(number, [])
        made.extend(self.items(node, "l", where))
        return made

    def read_set(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        made: set[Any] = self.keep(number, set())
        made.update(self.items(node, "s", where))
        return made

    def read_tuple(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        return self.keep(number, tuple(self.items(node, "t", where)))

    def read_frozenset(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        return self.keep(number, frozenset(self.items(node, "f", where)))

    def read_dict(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        made: dict[Any, Any] = self.keep(number, {})
        items = node["d"]
        if type(items) is not dict:
            raise BadInput(f"snapshot: {where}: 'd' holds no object")
        for key, item in items.items():
            made[key] = self.node(item, f"{where}[{key!r}]")
        return made

    def read_pairs(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        made: dict[Any, Any] = self.keep(number, {})
        for pair in self.items(node, "p", where):
            if type(pair) is not list or len(pair) != 2:
                raise BadInput(f"snapshot: {where}: a dict entry is not a [key, value] pair")
            made[pair[0]] = pair[1]
        return made

    def read_number(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        try:
            return int(node["x"], 16)
        except (TypeError, ValueError):
            raise BadInput(f"snapshot: {where}: {node['x']!r} is not a hex number") from None

    def read_generator(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        bits = np.random.PCG64()
        try:
            bits.state = node["g"]
        except (TypeError, ValueError, KeyError) as error:
            raise BadInput(f"snapshot: {where}: not a PCG64 state ({error})") from None
        return self.keep(number, np.random.Generator(bits))

    def read_value(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        kind = _class(node["v"], where)
        if not issubclass(kind, Value):
            raise BadInput(f"snapshot: {where}: {node['v']} is not an immutable value")
        fields = self.items(node, "a", where)
        try:
            return self.keep(number, kind(*fields))
        except (TypeError, ValueError) as error:
            raise BadInput(f"snapshot: {where}: {node['v']}: {error}") from None

    def read_object(self, node: dict[str, Any], number: int | None, where: str) -> Any:
        kind: Any = _class(node["o"], where)
        attributes = node.get("a", {})
        if type(attributes) is not dict:
            raise BadInput(f"snapshot: {where}: {node['o']} has no attributes object")
        tag = "i" if "i" in node else "n" if "n" in node else None
        maker = None if tag is None else _interner(kind) if tag == "i" else kind
        if tag is not None and (maker is None or not _rebuilt(kind)):
            raise BadInput(f"snapshot: {where}: {node['o']} is not made from arguments")
        try:
            if maker is None:
                made = self.keep(number, kind.__new__(kind))
            else:
                made = self.keep(number, maker(*self.items(node, str(tag), where)))
        except (TypeError, ValueError, IndexError, OverflowError) as error:
            raise BadInput(f"snapshot: {where}: cannot make a {node['o']} ({error})") from None
        for name, item in attributes.items():
            if type(name) is not str or not _settable(kind, name):
                raise BadInput(f"snapshot: {where}: {node['o']} has no attribute "
                               f"{str(name)[:60]!r} a snapshot may set")
            try:
                object.__setattr__(made, name, self.node(item, f"{where}.{name}"))
            except (AttributeError, TypeError) as error:
                raise BadInput(f"snapshot: {where}.{name}: {error}") from None
        return made


_FORMS: Final = {tag: [set(keys)] for tag, keys in (
    ("l", "l"), ("s", "s"), ("t", "t"), ("f", "f"), ("d", "d"), ("p", "p"), ("g", "g"),
    ("r", "r"), ("v", "va"), ("x", "x"))} | {"o": [{"o", "a"}, {"o", "n", "a"}, {"o", "i"}]}
"""Each tag and the keys its node may have besides an optional number."""

_READERS: Final = {
    "l": _Reader.read_list, "s": _Reader.read_set, "t": _Reader.read_tuple,
    "f": _Reader.read_frozenset, "d": _Reader.read_dict, "p": _Reader.read_pairs,
    "g": _Reader.read_generator, "x": _Reader.read_number, "v": _Reader.read_value,
    "o": _Reader.read_object,
}


_REGISTERED_PACKAGES: Final = ("undercroft.systems", "undercroft.maps", "undercroft.dice",
                                "undercroft.content", "undercroft.engine")
"""The packages whose classes a snapshot may hold (with the modules below): a game's
state, its agents and what they are made of. Not the command line, the server or the
store, whose classes no state holds."""
_REGISTERED_MODULES: Final = ("undercroft.rng", "undercroft.values")


@cache
def registry() -> dict[str, type]:
    """Every class a snapshot may make, by ``module:Qualname``.

    Fixed by the code, never by a snapshot: the packages above are imported whole once,
    and a class is listed under the module that defines it. Reading a snapshot then
    imports nothing; a name that is not listed (another module's class, or a class
    reached through a module's imports) is refused.
    """
    modules = [importlib.import_module(name) for name in _REGISTERED_MODULES]
    for package_name in _REGISTERED_PACKAGES:
        package = importlib.import_module(package_name)
        for found in pkgutil.walk_packages(package.__path__, package_name + "."):
            modules.append(importlib.import_module(found.name))
    classes: dict[str, type] = {}
    for module in modules:
        for value in list(vars(module).values()):
            for kind in _nested_classes(value):
                if kind.__module__ == module.__name__ and _ours(kind):
                    classes[f"{kind.__module__}:{kind.__qualname__}"] = kind
    return classes


def _nested_classes(value: Any) -> list[type]:
    """``value`` if it is a class, with the classes defined inside it."""
    if not isinstance(value, type):
        return []
    found = [value]
    for inner in vars(value).values():
        if isinstance(inner, type) and inner.__qualname__.startswith(value.__qualname__ + "."):
            found += _nested_classes(inner)
    return found


def _class(name: Any, where: str) -> type:
    """A registered class by its ``module:Qualname`` (:func:`registry`)."""
    if type(name) is not str:
        raise BadInput(f"snapshot: {where}: {name!r} is not a class name")
    found = registry().get(name)
    if found is None:
        raise BadInput(f"snapshot: {where}: {name[:100]} is not one of the classes a "
                       "snapshot may hold")
    return found


@cache
def _settable(kind: type, name: str) -> bool:
    """Whether a snapshot may give an object of ``kind`` the attribute ``name``: one of
    its declared attributes (slots, a compiled class's fields), or one that lives in the
    object's own ``__dict__``. Never a property or another descriptor of the class (its
    setter would run), nor ``__class__`` or ``__dict__`` themselves."""
    if name in _attribute_names(kind):
        return True
    if not getattr(kind, "__dictoffset__", 0) or (name.startswith("__") and name.endswith("__")):
        return False
    found = type(inspect.getattr_static(kind, name, None))
    return not (hasattr(found, "__set__") or hasattr(found, "__delete__"))
