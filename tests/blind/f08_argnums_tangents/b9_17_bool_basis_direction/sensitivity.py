"""Local sensitivities of a SIR epidemic's peak to its parameters, one JVP per parameter."""
import jax
import jax.numpy as jnp

from directions import basis

NAMES = ("beta", "gamma", "i0")


def peak_infected(theta, days=60, dt=0.25):
    beta, gamma, i0 = theta

    def step(state, _):
        s, i = state
        new_inf = beta * s * i * dt
        rec = gamma * i * dt
        return (s - new_inf, i + new_inf - rec), i

    _, infected = jax.lax.scan(step, (1.0 - i0, i0), None, length=int(days / dt))
    return jnp.max(infected)


def sensitivities(theta):
    out = {}
    for k, name in enumerate(NAMES):
        _, d = jax.jvp(peak_infected, (theta,), (basis(theta.size, k),))
        out[name] = d
    return out


def main():
    theta = jnp.array([0.5, 0.2, 0.01])
    for name, d in sensitivities(theta).items():
        print(f"d peak / d {name}: {d:.4f}")


if __name__ == "__main__":
    main()
