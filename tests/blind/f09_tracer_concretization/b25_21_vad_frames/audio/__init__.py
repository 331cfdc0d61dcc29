from audio.framing import frame_signal
from audio.pipeline import VADConfig, frame_log_energy

__all__ = ["frame_signal", "VADConfig", "frame_log_energy"]
