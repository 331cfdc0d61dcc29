"""SGD whose gradients are accumulated straight into Refs by the VJP."""
import jax
import jax.numpy as jnp

from state import init_weights, predict, zeros_like_refs


def mse(weights, batch):
    x, y = batch
    return jnp.mean((predict(weights, x) - y) ** 2)


def sgd_step(weights, batch, lr=0.1):
    loss, f_vjp = jax.vjp(mse, weights, batch)
    grads = zeros_like_refs(weights)
    skip_batch = (jax.ad.DontWant(), jax.ad.DontWant())
    f_vjp.with_refs((grads["w"], grads["b"]), skip_batch)(jnp.ones_like(loss))
    for name in weights:
        weights[name][...] -= lr * grads[name][...]
    return loss


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (32, 3))
    y = x @ jnp.array([[1.0], [2.0], [-1.0]]) + 0.5
    weights = init_weights(jax.random.PRNGKey(1), 3, 1)
    for _ in range(50):
        loss = sgd_step(weights, (x, y))
    print("loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
