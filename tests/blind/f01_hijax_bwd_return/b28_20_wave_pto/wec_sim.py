# Heaving point absorber: tune the PTO force limit to maximise absorbed power.
import jax
import jax.numpy as jnp
from jax import lax

from pto import pto_force

MASS, STIFFNESS, RAD_DAMPING = 2.0e5, 3.0e5, 4.0e4
DT, N_STEPS = 0.05, 600
t = jnp.arange(N_STEPS) * DT
WAVE_FORCE = 8.0e4 * jnp.sin(2 * jnp.pi * t / 8.0) + 3.0e4 * jnp.sin(2 * jnp.pi * t / 5.5 + 1.0)


def absorbed_power(log_f_max):
    f_max = jnp.exp(log_f_max)

    def step(state, f_wave):
        z, v = state
        f_pto = pto_force(v, f_max)
        a = (f_wave - STIFFNESS * z - RAD_DAMPING * v - f_pto) / MASS
        v = v + DT * a
        z = z + DT * v
        return (z, v), f_pto * v

    _, power = lax.scan(step, (jnp.float32(0.0), jnp.float32(0.0)), WAVE_FORCE)
    return jnp.mean(power)


objective = jax.jit(jax.value_and_grad(lambda lf: -absorbed_power(lf)))


def main():
    log_f_max = jnp.log(jnp.float32(2.0e4))
    for it in range(40):
        neg_p, g = objective(log_f_max)
        log_f_max = log_f_max - 1e-5 * g
        if it % 10 == 0:
            print(f"iter {it}: mean power {-float(neg_p) / 1e3:.1f} kW, f_max {float(jnp.exp(log_f_max)):.0f} N")
    return log_f_max


if __name__ == "__main__":
    main()
