import jax
import jax.numpy as jnp

from ecg_net import BeatClassifier, cross_entropy


def synthetic_beats(key, n=128, width=64):
    k1, k2 = jax.random.split(key)
    labels = jax.random.randint(k1, (n,), 0, 3)
    t = jnp.linspace(0.0, 1.0, width)
    centre = 0.3 + 0.2 * labels[:, None]
    beats = jnp.exp(-((t - centre) ** 2) / 0.002)
    return beats + 0.05 * jax.random.normal(k2, beats.shape), labels


@jax.jit
def sgd_step(params, x, y, lr=0.1):
    loss, grads = jax.value_and_grad(cross_entropy)(params, x, y)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss


def main():
    x, y = synthetic_beats(jax.random.key(0))
    net = BeatClassifier(jax.random.key(1))
    params = net.params
    for epoch in range(20):
        params, loss = sgd_step(params, x, y)
    print(f"final loss {float(loss):.4f}")
    return params


if __name__ == "__main__":
    main()
