"""Helpers for nested parameter dicts."""


def flatten_dict(tree, prefix=""):
    """``{"a": {"b": x}}`` -> ``{"a/b": x}``."""
    flat = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten_dict(value, name + "/"))
        else:
            flat[name] = value
    return flat


def unflatten_dict(flat):
    tree = {}
    for name, value in flat.items():
        *path, leaf = name.split("/")
        node = tree
        for key in path:
            node = node.setdefault(key, {})
        node[leaf] = value
    return tree
