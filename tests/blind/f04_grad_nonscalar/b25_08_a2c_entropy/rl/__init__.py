from rl.config import A2CConfig
from rl.distributions import log_prob, mean_entropy
from rl.agent import ActorCritic, a2c_loss

__all__ = ["A2CConfig", "log_prob", "mean_entropy", "ActorCritic", "a2c_loss"]
