import jax
import jax.numpy as jnp

from model import Linear, nll


@jax.jit
def sgd_step(params, x, labels):
    loss, grads = jax.value_and_grad(nll)(params, x, labels)
    return jax.tree.map(lambda p, g: p - 0.5 * g, params, grads), loss


def main(epochs=10):
    x = jax.random.normal(jax.random.key(4), (20, 3))
    labels = jax.nn.one_hot((x[:, 0] > 0).astype(jnp.int32), 2)
    params = Linear(jnp.zeros((3, 2)), jnp.zeros(2))
    for _ in range(epochs):
        params, loss = sgd_step(params, x, labels)
    print("nll", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
