import jax
import jax.numpy as jnp

from bn_model import loss_fn


@jax.jit
def train_step(params, state, x, labels):
    (loss, (logits, state)), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, state, x, labels)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    acc = jnp.mean(jnp.argmax(logits, -1) == jnp.argmax(labels, -1))
    return params, state, loss, acc


def main(steps=5):
    k1, k2, k3 = jax.random.split(jax.random.key(21), 3)
    x = jax.random.normal(k1, (64, 4))
    labels = jax.nn.one_hot((x[:, 0] * x[:, 1] > 0).astype(jnp.int32), 2)
    params = {"w1": jax.random.normal(k2, (4, 16)) * 0.5, "w2": jax.random.normal(k3, (16, 2)) * 0.5}
    state = {"mean": jnp.zeros(16), "var": jnp.ones(16)}
    for _ in range(steps):
        params, state, loss, acc = train_step(params, state, x, labels)
    print("loss", float(loss), "acc", float(acc))
    return float(loss)


if __name__ == "__main__":
    main()
