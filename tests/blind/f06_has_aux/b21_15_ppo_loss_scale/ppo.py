"""PPO clipped-surrogate objective for a discrete softmax policy."""
import jax
import jax.numpy as jnp


def policy_logits(params, obs):
    h = jnp.tanh(obs @ params["w1"] + params["b1"])
    return h @ params["w2"]


def ppo_objective(params, obs, actions, old_logp, advantages, clip_eps=0.2, ent_coef=0.01):
    logp_all = jax.nn.log_softmax(policy_logits(params, obs))
    logp = jnp.take_along_axis(logp_all, actions[:, None], axis=1)[:, 0]
    ratio = jnp.exp(logp - old_logp)
    unclipped = ratio * advantages
    clipped = jnp.clip(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    entropy = -jnp.mean(jnp.sum(jnp.exp(logp_all) * logp_all, axis=-1))
    loss = -jnp.mean(jnp.minimum(unclipped, clipped)) - ent_coef * entropy
    stats = {"entropy": entropy, "clip_frac": jnp.mean(jnp.abs(ratio - 1) > clip_eps)}
    return loss, stats
