"""Semi-implicit Euler rollout of a pendulum and the sensitivity of its final angle."""
import jax
import jax.numpy as jnp

from config import PendulumConfig


def rollout(state, cfg):
    def step(s, _):
        theta, omega = s[0], s[1]
        omega = omega - cfg.dt * cfg.gravity / cfg.length * jnp.sin(theta)
        theta = theta + cfg.dt * omega
        return jnp.stack([theta, omega]), theta

    final, _ = jax.lax.scan(step, state, None, length=cfg.steps)
    return final


def final_angle(state, cfg):
    return rollout(state, cfg)[0]


def sensitivity(cfg):
    state0 = jnp.asarray(cfg.initial_state)
    return jax.grad(final_angle)(state0, cfg)


def main():
    print("d theta_T / d state_0:", sensitivity(PendulumConfig()))


if __name__ == "__main__":
    main()
