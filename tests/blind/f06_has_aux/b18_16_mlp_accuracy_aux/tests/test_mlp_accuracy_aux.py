import jax
import jax.numpy as jnp

from mlp.config import TrainerConfig
from mlp.model import MLP
from mlp.trainer import Trainer


def test_mlp_accuracy_aux():
    model = MLP([4, 8, 2], jax.random.PRNGKey(0))
    Trainer(TrainerConfig(epochs=1), MLP.loss).fit(model.params, jnp.ones((4, 4)), jnp.array([0, 1, 0, 1]))
