import jax.numpy as jnp

from solar.plant import fit_area


def day_profile():
    hours = jnp.linspace(6.0, 20.0, 29)
    irradiance = jnp.clip(1000.0 * jnp.sin(jnp.pi * (hours - 6.0) / 14.0), 0.0)
    temp_c = 15.0 + 12.0 * jnp.sin(jnp.pi * (hours - 8.0) / 14.0)
    metered = jnp.minimum(0.96 * 0.2 * 26.0 * irradiance / 1000.0
                          * (1.0 - 0.004 * (temp_c - 25.0)), 4.6)
    return irradiance, temp_c, metered


def main():
    irradiance, temp_c, metered = day_profile()
    area, loss = fit_area(jnp.float32(20.0), irradiance, temp_c, metered)
    print(f"fitted area {float(area):.2f} m2, loss {float(loss):.4f}")


if __name__ == "__main__":
    main()
