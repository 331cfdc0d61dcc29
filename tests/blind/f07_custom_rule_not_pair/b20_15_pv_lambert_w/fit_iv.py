"""Extract photocurrent and saturation current from a measured I-V sweep."""
import jax
import jax.numpy as jnp

from diode import current

VOLTAGES = jnp.linspace(0.0, 0.74, 40)


def iv_loss(theta, v, i_meas):
    return jnp.mean((current(v, theta[0], theta[1]) - i_meas) ** 2)


def main(steps=300, lr=0.02):
    truth = jnp.array([jnp.log(5.0), jnp.log(1e-9)])
    i_meas = current(VOLTAGES, truth[0], truth[1])
    theta = jnp.array([jnp.log(4.0), jnp.log(5e-10)])
    grad_fn = jax.jit(jax.grad(iv_loss))
    for _ in range(steps):
        theta = theta - lr * grad_fn(theta, VOLTAGES, i_meas)
    il, i0 = jnp.exp(theta)
    print(f"I_L = {float(il):.3f} A, I_0 = {float(i0):.2e} A")
    return theta


if __name__ == "__main__":
    main()
