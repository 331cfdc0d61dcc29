from typing import NamedTuple


class SysIdConfig(NamedTuple):
    n_state: int = 4
    n_input: int = 2
    param_dtype: str = "bfloat16"
    lr: float = 0.05
