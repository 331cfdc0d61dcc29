"""Quantisation-aware training of a small classifier on two interleaved spirals."""
import jax
import jax.numpy as jnp

from qat import MLP


def spirals(key, n=200):
    t = jnp.linspace(0.5, 3 * jnp.pi, n)
    a = jnp.stack([t * jnp.cos(t), t * jnp.sin(t)], axis=1) / 10.0
    x = jnp.concatenate([a, -a]) + 0.02 * jax.random.normal(key, (2 * n, 2))
    y = jnp.concatenate([jnp.zeros(n, jnp.int32), jnp.ones(n, jnp.int32)])
    return x, y


def loss_fn(model, x, y):
    logp = jax.nn.log_softmax(model(x))
    return -jnp.mean(logp[jnp.arange(y.shape[0]), y])


@jax.jit
def step(model, x, y, lr=0.1):
    loss, grads = jax.value_and_grad(loss_fn)(model, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, model, grads), loss


def main():
    x, y = spirals(jax.random.PRNGKey(0))
    model = MLP.init(jax.random.PRNGKey(1), [2, 32, 32, 2])
    for _ in range(50):
        model, loss = step(model, x, y)
    print("loss", float(loss))


if __name__ == "__main__":
    main()
