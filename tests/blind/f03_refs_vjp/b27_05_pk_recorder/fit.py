"""Estimate clearance and volumes from plasma concentrations."""
import jax
import jax.numpy as jnp

from monitor import TrajectoryRecorder
from pk import simulate

N_STEPS, DT, DOSE = 24, 0.5, 100.0


def make_loss(c_obs, recorder):
    def loss(log_params):
        c = simulate(jnp.exp(log_params), DOSE, N_STEPS, DT, recorder)
        return jnp.mean((jnp.log(c) - jnp.log(c_obs)) ** 2)
    return loss


def main():
    true = jnp.array([2.0, 10.0, 1.5, 20.0])
    c_obs = simulate(true, DOSE, N_STEPS, DT)
    recorder = TrajectoryRecorder(N_STEPS, 2)
    loss = make_loss(c_obs, recorder)
    log_params = jnp.log(jnp.array([1.0, 8.0, 1.0, 15.0]))
    for _ in range(20):
        value, g = jax.value_and_grad(loss)(log_params)
        log_params = log_params - 0.1 * g
    print("loss", float(value), "params", jnp.exp(log_params))
    print("last amounts", recorder.snapshot()[-1])


if __name__ == "__main__":
    main()
