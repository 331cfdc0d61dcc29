"""Strong-constraint 4D-Var for the Lorenz-96 model: estimate the initial state."""
import jax
import jax.numpy as jnp

from lorenz96 import integrate
from recorder import TrajectoryRecorder

N_VARS = 20
WINDOW = 50
OBS_EVERY = 5
SIGMA_B, SIGMA_O = 1.0, 0.3

recorder = TrajectoryRecorder(WINDOW, N_VARS)


def cost(x0, background, obs):
    traj = integrate(x0, WINDOW)
    recorder.record(traj)
    jb = 0.5 * jnp.sum((x0 - background) ** 2) / SIGMA_B**2
    jo = 0.5 * jnp.sum((traj[OBS_EVERY - 1::OBS_EVERY, ::2] - obs) ** 2) / SIGMA_O**2
    return jb + jo


def analyse(background, obs, iters=60, lr=2e-4):
    x0 = background
    cost_and_grad = jax.jit(jax.value_and_grad(cost))
    for _ in range(iters):
        j, g = cost_and_grad(x0, background, obs)
        x0 = x0 - lr * g
    return x0, j


def twin_experiment(seed=0):
    key_b, key_o = jax.random.split(jax.random.key(seed))
    truth0 = 8.0 + jnp.sin(jnp.arange(N_VARS, dtype=jnp.float32))
    truth = integrate(truth0, WINDOW)
    obs = truth[OBS_EVERY - 1::OBS_EVERY, ::2]
    obs = obs + SIGMA_O * jax.random.normal(key_o, obs.shape)
    background = truth0 + SIGMA_B * jax.random.normal(key_b, (N_VARS,))
    return truth0, background, obs


def main():
    truth0, background, obs = twin_experiment()
    x0, j = analyse(background, obs)
    print("final cost %.2f" % j)
    print("background error %.3f, analysis error %.3f" % (
        jnp.sqrt(jnp.mean((background - truth0) ** 2)),
        jnp.sqrt(jnp.mean((x0 - truth0) ** 2))))
    print("recorded trajectory end", recorder.latest()[-1, :4])


if __name__ == "__main__":
    main()
