"""Prompt-tuning settings."""
PROMPT_TUNING = {
    "prompt_length": 4,
    "learning_rate": 0.3,
    "steps": 25,
    # index of the soft prompt among prompt_lm_loss's positional arguments
    "trainable_argnum": 1,
}
