"""Semi-gradient TD(0) update written with an explicit VJP of the critic."""
import jax
import jax.numpy as jnp

from rl.critic import FourierCritic
from rl.seeds import td_error_seed


def td_update(critic, head, states, rewards, next_states, gamma=0.99, lr=0.01):
    values, vjp_fn = jax.vjp(lambda h: critic.values(h, states), head)
    targets = rewards[:, None] + gamma * critic.values(head, next_states)
    deltas = jax.lax.stop_gradient(targets - values)
    seed = td_error_seed(deltas)
    (grad_sum,) = vjp_fn(seed)
    return head + lr * grad_sum / states.shape[0]


def main():
    key = jax.random.PRNGKey(11)
    critic = FourierCritic(2, 32, key)
    head = jnp.zeros((32, 1))
    states = jax.random.normal(key, (64, 2))
    next_states = states + 0.1
    rewards = -jnp.sum(states**2, axis=1)
    for _ in range(3):
        head = td_update(critic, head, states, rewards, next_states)
    print(jnp.linalg.norm(head))


if __name__ == "__main__":
    main()
