"""Two-compartment pharmacokinetics with first-order absorption, explicit Euler."""
import jax.numpy as jnp

from recorder import TrajectoryRecorder


class TwoCompartmentPK:
    def __init__(self, dose=100.0, dt=0.1, n_steps=120):
        self.dose = dose
        self.dt = dt
        self.n_steps = n_steps
        self.recorder = TrajectoryRecorder(n_steps, 2)

    def rhs(self, state, theta):
        ka, k10, k12, k21 = jnp.exp(theta)
        central, peripheral = state
        absorbed = ka * self.dose * jnp.exp(-ka * self.t)
        d_central = absorbed - (k10 + k12) * central + k21 * peripheral
        d_peripheral = k12 * central - k21 * peripheral
        return jnp.stack([d_central, d_peripheral])

    def simulate(self, theta):
        state = jnp.zeros(2)
        self.t = 0.0
        concentrations = []
        for k in range(self.n_steps):
            state = state + self.dt * self.rhs(state, theta)
            self.t = self.t + self.dt
            self.recorder.log(k, state)
            concentrations.append(state[0])
        return jnp.stack(concentrations)
