"""A one-hidden-layer classifier with batch normalisation and its training loop."""
import jax
import jax.numpy as jnp

from losses import make_classification_loss


def apply(params, state, x, train=False, momentum=0.9):
    h = x @ params["w1"]
    if train:
        mean, var = jnp.mean(h, axis=0), jnp.var(h, axis=0)
        state = {
            "mean": momentum * state["mean"] + (1 - momentum) * mean,
            "var": momentum * state["var"] + (1 - momentum) * var,
        }
    else:
        mean, var = state["mean"], state["var"]
    h = jax.nn.relu((h - mean) / jnp.sqrt(var + 1e-5) * params["gamma"] + params["beta"])
    return h @ params["w2"], state


loss_fn = make_classification_loss(apply, label_smoothing=0.1)


def init(key, d_in=5, hidden=16, classes=3):
    k1, k2 = jax.random.split(key)
    params = {
        "w1": jax.random.normal(k1, (d_in, hidden)) / jnp.sqrt(d_in),
        "gamma": jnp.ones(hidden),
        "beta": jnp.zeros(hidden),
        "w2": jax.random.normal(k2, (hidden, classes)) / jnp.sqrt(hidden),
    }
    state = {"mean": jnp.zeros(hidden), "var": jnp.ones(hidden)}
    return params, state


@jax.jit
def train_step(params, state, batch):
    (loss, (metrics, state)), grads = jax.value_and_grad(loss_fn, has_aux=True)(
        params, state, batch
    )
    params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
    return params, state, metrics


def main():
    params, state = init(jax.random.PRNGKey(0))
    x = jax.random.normal(jax.random.PRNGKey(1), (64, 5))
    labels = jnp.argmax(x[:, :3], axis=-1)
    for i in range(3):
        params, state, metrics = train_step(params, state, (x, labels))
        print(i, {k: float(v) for k, v in metrics.items()})


if __name__ == "__main__":
    main()
