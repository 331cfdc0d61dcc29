"""Fit a photoreceptor's intensity-response curve."""
import jax
import jax.numpy as jnp

from retina.occupancy import response

LR = 0.05


def recordings():
    intensity = jnp.logspace(0, 4, 40)
    return intensity, 25.0 * intensity / (intensity + 300.0)


def mse(params, intensity, measured):
    return jnp.mean((response(params, intensity) - measured) ** 2)


@jax.jit
def step(params, intensity, measured):
    value, grads = jax.value_and_grad(mse)(params, intensity, measured)
    params = {k: params[k] - LR * grads[k] / (1.0 + jnp.abs(grads[k])) for k in params}
    return params, value


def train(n_steps=100):
    intensity, measured = recordings()
    params = {"r_max": jnp.float32(10.0), "log_half_sat": jnp.log(jnp.float32(100.0))}
    for _ in range(n_steps):
        params, value = step(params, intensity, measured)
    return params, value


def main():
    params, value = train()
    print(f"r_max={float(params['r_max']):.2f} mse={float(value):.4f}")


if __name__ == "__main__":
    main()
