"""Which observation features the learned value function is most sensitive to."""
import jax
import jax.numpy as jnp

from autodiff_utils import pullback
from critic import Critic, critic_value

FEATURES = ("cart_pos", "cart_vel", "pole_angle", "pole_vel")


def rollout_batch(key, n=64):
    k1, k2, k3 = jax.random.split(key, 3)
    obs = jax.random.normal(k1, (n, 4)) * jnp.array([1.0, 0.5, 0.1, 0.5])
    next_obs = obs + 0.02 * jax.random.normal(k2, (n, 4))
    reward = (jnp.abs(next_obs[:, 2]) < 0.2).astype(jnp.float32)
    return obs, next_obs, reward


def value_saliency(critic, obs):
    values, (_, g_obs) = pullback(critic_value, critic.w, obs)
    return jnp.mean(jnp.abs(g_obs), axis=0)


def main():
    critic = Critic(jax.random.key(0))
    for it in range(5):
        obs, next_obs, reward = rollout_batch(jax.random.key(it + 1))
        td = critic.td_update(obs, next_obs, reward)
        print(f"iter {it}: mean td error {float(td):+.4f}")
    sal = value_saliency(critic, obs)
    for name, s in zip(FEATURES, sal):
        print(f"{name:>10}: {float(s):.4f}")
    return sal


if __name__ == "__main__":
    main()
