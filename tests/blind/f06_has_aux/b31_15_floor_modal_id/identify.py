"""Identify frequency and damping of a floor from a heel-drop test, with Adam."""
import jax
import jax.numpy as jnp

from modal import decay, objective


def adam(lr=0.02, b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return (zeros, zeros, 0)

    def update(grads, state, params):
        m, v, t = state
        t += 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, v, grads)
        step = jax.tree.map(lambda m, v: lr * (m / (1 - b1 ** t)) / (jnp.sqrt(v / (1 - b2 ** t)) + eps), m, v)
        return jax.tree.map(lambda p, s: p - s, params, step), (m, v, t)

    return init, update


def heel_drop(t):
    truth = {"log_f": jnp.log(7.3), "log_zeta": jnp.log(0.035)}
    return decay(truth, t) + 0.02 * jnp.sin(97.0 * t)


def main(steps=300):
    t = jnp.linspace(0.0, 1.5, 600)
    measured = heel_drop(t)
    params = {"log_f": jnp.log(6.5), "log_zeta": jnp.log(0.02)}
    init, update = adam()
    state = init(params)
    loss_and_grad = jax.jit(jax.value_and_grad(objective))
    for _ in range(steps):
        loss, grads = loss_and_grad(params, t, measured)
        params, state = update(grads, state, params)
    f, zeta = float(jnp.exp(params["log_f"])), float(jnp.exp(params["log_zeta"]))
    print(f"f = {f:.3f} Hz, zeta = {zeta:.4f}, loss = {float(loss):.3e}")
    return params


if __name__ == "__main__":
    main()
