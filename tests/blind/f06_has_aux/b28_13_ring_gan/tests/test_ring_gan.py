import jax

from nets import mlp_init
from train_gan import LATENT, train_step


def test_one_step_returns_finite_losses():
    d = mlp_init(jax.random.PRNGKey(1), [2, 16, 1])
    g = mlp_init(jax.random.PRNGKey(2), [LATENT, 16, 2])
    _, _, d_loss, g_loss = train_step(d, g, jax.random.PRNGKey(3))
    assert jax.numpy.isfinite(d_loss) and jax.numpy.isfinite(g_loss)
