"""Fit the wind-shear exponent so predicted farm output matches SCADA records."""
import jax
import jax.numpy as jnp

from hiprims import power_curve

MAST_HEIGHT = 40.0
HUB_HEIGHT = 110.0


def hub_speed(mast_speed, alpha):
    """Power-law shear extrapolation from the met mast to hub height."""
    return mast_speed * (HUB_HEIGHT / MAST_HEIGHT) ** alpha


def farm_output(alpha, mast_speed, n_turbines=12, wake_loss=0.08):
    return n_turbines * (1.0 - wake_loss) * power_curve(hub_speed(mast_speed, alpha))


def misfit(alpha, mast_speed, scada_mw):
    return jnp.mean((farm_output(alpha, mast_speed) - scada_mw) ** 2)


def fit_shear(mast_speed, scada_mw, alpha0=0.1, steps=40, lr=1e-3):
    grad_fn = jax.jit(jax.value_and_grad(misfit))
    alpha = jnp.asarray(alpha0)
    for _ in range(steps):
        value, g = grad_fn(alpha, mast_speed, scada_mw)
        alpha = alpha - lr * g
    return alpha, value


def synthetic_scada(key, n=500, alpha_true=0.2):
    k1, k2 = jax.random.split(key)
    mast = 6.0 * jax.random.weibull_min(k1, 1.0, 2.0, (n,))
    return mast, farm_output(alpha_true, mast) + 0.5 * jax.random.normal(k2, (n,))


def main():
    mast, scada = synthetic_scada(jax.random.PRNGKey(0))
    alpha, value = fit_shear(mast, scada)
    print("shear exponent", float(alpha), "misfit", float(value))


if __name__ == "__main__":
    main()
