"""A linear-Gaussian policy whose mean action is softly clipped to the actuator range."""
import jax
import jax.numpy as jnp

from prims import soft_clip


def mean_action(weights, obs):
    return soft_clip(obs @ weights, limit=2.0)


def imitation_loss(weights, obs, expert_actions):
    return jnp.mean((mean_action(weights, obs) - expert_actions) ** 2)


def main():
    obs = jax.random.normal(jax.random.PRNGKey(0), (64, 3))
    expert = jnp.clip(obs @ jnp.array([[1.0], [-0.5], [0.25]]), -2.0, 2.0)
    weights = jnp.zeros((3, 1))
    for _ in range(30):
        weights = weights - 0.3 * jax.grad(imitation_loss)(weights, obs, expert)
    final = float(imitation_loss(weights, obs, expert))
    print("imitation loss", final)
    return final


if __name__ == "__main__":
    main()
