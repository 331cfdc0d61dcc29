"""Therapeutic drug monitoring: which dose's timing matters most for the trough?"""
import jax.numpy as jnp

from pk import concentration, timing_sensitivity
from regimen import every

PARAMS = {"ka": 1.1, "ke": 0.12, "v": 35.0}


def main():
    reg = every(12, 6, 250.0)
    t_obs = jnp.array([59.5, 71.5])  # troughs before doses 6 and 7
    levels = concentration(t_obs, reg.times, reg.amounts, PARAMS)
    sens = timing_sensitivity(t_obs, reg, PARAMS)
    print("troughs (mg/L):", [round(float(c), 2) for c in levels])
    print("d trough / d dose time (mg/L/h):")
    print(jnp.round(sens, 4))
    return sens


if __name__ == "__main__":
    main()
