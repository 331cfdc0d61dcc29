"""Train the keyword spotter on random spectrogram-like inputs."""

import jax

import pooling_net


def main():
    kx, ky, kp = jax.random.split(jax.random.PRNGKey(0), 3)
    frames = jax.random.normal(kx, (20, 40, 10))
    labels = jax.random.randint(ky, (20,), 0, 3)
    params = pooling_net.init(kp)
    update = jax.jit(lambda p, g: jax.tree.map(lambda a, b: a - 0.1 * b, p, g))
    for _ in range(10):
        value, grads = jax.value_and_grad(pooling_net.loss)(params, frames, labels)
        params = update(params, grads)
    print(f"loss {float(value):.4f}")
    return float(value)


if __name__ == "__main__":
    main()
