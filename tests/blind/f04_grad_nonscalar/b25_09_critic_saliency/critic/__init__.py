from critic.layers import Dense, MLP
from critic.value import ValueNet

__all__ = ["Dense", "MLP", "ValueNet"]
