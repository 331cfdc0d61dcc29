import jax
import jax.numpy as jnp

from metrics import accuracy


def forward(params, x):
    return jnp.tanh(x @ params["w1"]) @ params["w2"]


def loss_fn(params, x, labels):
    logits = forward(params, x)
    logp = jax.nn.log_softmax(logits)
    loss = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
    return loss, (accuracy(logits, labels), logits)


@jax.jit
def train_step(params, x, labels):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, labels)
    params = jax.tree.map(lambda p, g: p - 0.3 * g, params, grads)
    return params, loss, aux


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    params = {"w1": jax.random.normal(k1, (4, 8)), "w2": jax.random.normal(k2, (8, 2))}
    x = jax.random.normal(k3, (64, 4))
    labels = (x[:, 0] > 0).astype(jnp.int32)
    for _ in range(10):
        params, loss, aux = train_step(params, x, labels)
    print(loss, aux)
    return float(loss)


if __name__ == "__main__":
    main()
