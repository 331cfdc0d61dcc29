"""An equinox-like Module: dataclasses registered as pytrees, fields static only when marked."""

import dataclasses

import jax


def field(*, static=False, **kwargs):
    return dataclasses.field(metadata={"static": static}, **kwargs)


class Module:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True)(cls)
        fields = dataclasses.fields(cls)
        jax.tree_util.register_dataclass(
            cls,
            data_fields=[f.name for f in fields if not f.metadata.get("static", False)],
            meta_fields=[f.name for f in fields if f.metadata.get("static", False)],
        )
