"""Printed pytree structures (``PyTreeDef(({'w': *, 'b': *}, *))``) read as trees, and a flat
list of expressions rebuilt into one of them."""

from __future__ import annotations

from dataclasses import dataclass

# The kinds of node JAX prints and we can write back as Python: a leaf ``*``, ``None``, a
# tuple, a list, a dict with its keys, and a NamedTuple by its class name.
LEAF, NONE, TUPLE, LIST, DICT, NAMEDTUPLE = "*", "None", "tuple", "list", "dict", "namedtuple"


@dataclass(frozen=True, slots=True)
class Tree:
    kind: str
    children: tuple[Tree, ...] = ()
    # A dict's keys (as Python literals), or a NamedTuple's class name in ``keys[0]``.
    keys: tuple[str, ...] = ()

    def leaves(self) -> int:
        if self.kind == LEAF:
            return 1
        return sum(child.leaves() for child in self.children)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text, self.at = text, 0

    def peek(self, word: str) -> bool:
        return self.text.startswith(word, self.at)

    def take(self, word: str) -> None:
        if not self.peek(word):
            raise ValueError(word)
        self.at += len(word)
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1

    def items(self, close: str) -> list[Tree]:
        items: list[Tree] = []
        while not self.peek(close):
            items.append(self.node())
            if not self.peek(close):
                self.take(",")
        self.take(close)
        return items

    def key(self) -> str:
        start = self.at
        quote = self.text[start] if start < len(self.text) else ""
        if quote in "'\"":
            end = self.text.index(quote, start + 1)
        else:
            end = start
            while end < len(self.text) and self.text[end] not in ":":
                end += 1
            end -= 1
        key = self.text[start : end + 1].strip()
        self.at = end + 1
        self.take(":")
        return key

    def node(self) -> Tree:
        if self.peek("*"):
            self.take("*")
            return Tree(LEAF)
        if self.peek("None"):
            self.take("None")
            return Tree(NONE)
        if self.peek("("):
            self.take("(")
            return Tree(TUPLE, tuple(self.items(")")))
        if self.peek("["):
            self.take("[")
            return Tree(LIST, tuple(self.items("]")))
        if self.peek("{"):
            self.take("{")
            keys, children = [], []
            while not self.peek("}"):
                keys.append(self.key())
                children.append(self.node())
                if not self.peek("}"):
                    self.take(",")
            self.take("}")
            return Tree(DICT, tuple(children), tuple(keys))
        if self.peek("CustomNode(namedtuple["):
            return self._fields_node("CustomNode(namedtuple[", "]", "]")
        if self.peek("CustomNode(") and self.text.startswith("[()], [", self._after_name()):
            # A registered dataclass without meta fields: ``CustomNode(Params[()], [*, *])``,
            # built back like a NamedTuple, by its fields.
            return self._fields_node("CustomNode(", "[", "[()]")
        if self.peek("CustomNode(") and self.text.startswith("[None], [", self._after_name()):
            # A class registered with ``register_pytree_node_class`` whose ``tree_flatten``
            # gives no aux data: ``CustomNode(Table[None], [*, *])``, built back by the
            # fields its constructor stores (``custom_vjp._data_fields``).
            return self._fields_node("CustomNode(", "[", "[None]")
        raise ValueError(self.text[self.at :])

    def _fields_node(self, opener: str, name_end: str, after_name: str) -> Tree:
        """A node built by its fields, ``<opener><Name><after_name>, [children])``."""
        self.take(opener)
        end = self.text.index(name_end, self.at)
        name = self.text[self.at : end]
        self.at = end
        self.take(after_name)
        self.take(",")
        self.take("[")
        children = self.items("]")
        self.take(")")
        return Tree(NAMEDTUPLE, tuple(children), (name,))

    def _after_name(self) -> int:
        """Where the bracket after ``CustomNode(Name`` starts (or the text's end)."""
        at = self.at + len("CustomNode(")
        while at < len(self.text) and (self.text[at].isalnum() or self.text[at] in "_."):
            at += 1
        return at


def parse_tree(text: str) -> Tree | None:
    """The tree a message prints, None for a node we cannot write back (a custom node)."""
    text = text.strip()
    if text.startswith("PyTreeDef(") and text.endswith(")"):
        text = text[len("PyTreeDef(") : -1]
    parser = _Parser(text)
    try:
        tree = parser.node()
    except (ValueError, IndexError):
        return None
    return tree if parser.at == len(text) else None


def leaf_keys(tree: Tree, fields: dict[str, list[str]]) -> list[list[str]] | None:
    """For each leaf in flattening order, the keys on its path (dict keys, NamedTuple fields,
    unquoted); None when a NamedTuple's fields are not known (``fields`` maps class names)."""
    if tree.kind == LEAF:
        return [[]]
    paths: list[list[str]] = []
    names: list[str | None]
    if tree.kind == DICT:
        names = [k[1:-1] if k[:1] in "'\"" else None for k in tree.keys]
    elif tree.kind == NAMEDTUPLE:
        known = fields.get(tree.keys[0])
        if known is None or len(known) != len(tree.children):
            return None
        names = list(known)
    else:
        names = [None] * len(tree.children)
    for name, child in zip(names, tree.children, strict=True):
        below = leaf_keys(child, fields)
        if below is None:
            return None
        paths.extend(([name] if name else []) + path for path in below)
    return paths


def render(tree: Tree, leaves: list[str], fields: dict[str, list[str]], top: bool = False) -> str:
    """The tree written as Python with ``leaves`` in flattening order (consumed); ``top``
    writes a tuple without its parentheses, as a ``return`` can."""
    if tree.kind == LEAF:
        return leaves.pop(0)
    if tree.kind == NONE:
        return "None"
    parts = [render(child, leaves, fields) for child in tree.children]
    if tree.kind == DICT:
        keys = [k if k[:1] != "'" else '"' + k[1:-1] + '"' for k in tree.keys]
        return "{" + ", ".join(f"{k}: {p}" for k, p in zip(keys, parts, strict=True)) + "}"
    if tree.kind == NAMEDTUPLE:
        named = fields[tree.keys[0]]
        return f"{tree.keys[0]}({', '.join(f'{n}={p}' for n, p in zip(named, parts, strict=True))})"
    if tree.kind == LIST:
        return f"[{', '.join(parts)}]"
    inner = ", ".join(parts) + ("," if len(parts) == 1 else "")
    return inner if top and parts else f"({inner})"
