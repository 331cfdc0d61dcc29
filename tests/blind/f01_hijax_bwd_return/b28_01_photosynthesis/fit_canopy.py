# Exported from notebooks/canopy_fit.ipynb
import jax
import jax.numpy as jnp

from canopy_ops import light_saturation

# measured light profile through 6 canopy layers (umol m-2 s-1) and assimilation
LIGHT = jnp.array([1800.0, 1200.0, 700.0, 380.0, 190.0, 80.0])
OBSERVED = jnp.array([24.1, 21.9, 17.0, 11.2, 6.3, 2.9])
LR = 1e-3
N_STEPS = 50


def canopy_loss(params, light, observed):
    alpha = jnp.full_like(light, params["alpha"])
    amax = jnp.full_like(light, params["amax"])
    pred = light_saturation(light, alpha, amax)
    return jnp.mean((pred - observed) ** 2)


def main():
    params = {"alpha": jnp.float32(0.05), "amax": jnp.float32(20.0)}
    print("initial loss", canopy_loss(params, LIGHT, OBSERVED))
    for step in range(N_STEPS):
        loss, grads = jax.value_and_grad(canopy_loss)(params, LIGHT, OBSERVED)
        params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
        if step % 10 == 0:
            print(f"step {step:3d}  loss {loss:.4f}")
    print("fitted", {k: float(v) for k, v in params.items()})
    return params


if __name__ == "__main__":
    main()
