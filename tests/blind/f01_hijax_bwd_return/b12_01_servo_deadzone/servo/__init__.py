"""Servo actuator models with a hand-written deadzone primitive."""
from servo.prims import Deadzone, deadzone
from servo.hooks import register_backward_hook, run_backward_hooks

__all__ = ["Deadzone", "deadzone", "register_backward_hook", "run_backward_hooks"]
