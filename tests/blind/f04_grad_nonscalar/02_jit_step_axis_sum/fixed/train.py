import jax
import jax.numpy as jnp

import net


@jax.jit
def train_step(params, x, labels):
    def loss_fn(p):
        logp = jax.nn.log_softmax(net.apply(p, x))
        return -jnp.mean(jnp.sum(labels * logp, axis=-1))

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree.map(lambda a, g: a - 0.1 * g, params, grads)
    return params, loss


def main():
    params = net.init(jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (32, 4))
    labels = jax.nn.one_hot(jnp.argmax(x[:, :3], axis=-1), 3)
    for _ in range(5):
        params, loss = train_step(params, x, labels)
    print(loss)
    return loss


if __name__ == "__main__":
    main()
