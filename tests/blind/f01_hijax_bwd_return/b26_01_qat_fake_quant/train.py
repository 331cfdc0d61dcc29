"""Quantisation-aware training of a small MLP classifier with SGD + momentum."""
import jax
import jax.numpy as jnp

from quant import fake_quant
from stats import accuracy


def init_mlp(key, sizes):
    params = []
    for k, (n_in, n_out) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        w = jax.random.normal(k, (n_in, n_out)) * jnp.sqrt(2.0 / n_in)
        params.append((w, jnp.zeros((n_out,))))
    return params


def forward(params, x):
    *hidden, last = params
    for w, b in hidden:
        x = jax.nn.relu(x @ fake_quant(w) + b)
    w, b = last
    return x @ fake_quant(w) + b


def loss_fn(params, x, y):
    logits = forward(params, x)
    loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=1))
    return loss, {"acc": accuracy(logits, y)}


def sgd_momentum(lr=0.05, beta=0.9):
    def init(params):
        return jax.tree.map(jnp.zeros_like, params)

    def update(grads, velocity, params):
        velocity = jax.tree.map(lambda v, g: beta * v + g, velocity, grads)
        params = jax.tree.map(lambda p, v: p - lr * v, params, velocity)
        return params, velocity

    return init, update


opt_init, opt_update = sgd_momentum()


@jax.jit
def train_step(params, opt_state, x, y):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
    params, opt_state = opt_update(grads, opt_state, params)
    return params, opt_state, {"loss": loss, **aux}


def make_data(key, n=128):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (n, 16))
    y = jnp.argmax(x @ jax.random.normal(kw, (16, 4)), axis=-1)
    return x, y


def run(steps=20):
    params = init_mlp(jax.random.key(0), [16, 32, 4])
    opt_state = opt_init(params)
    x, y = make_data(jax.random.key(1))
    metrics = {}
    for _ in range(steps):
        params, opt_state, metrics = train_step(params, opt_state, x, y)
    return metrics


def main():
    metrics = run()
    print({k: float(v) for k, v in metrics.items()})


if __name__ == "__main__":
    main()
