from run_pretrain import CONFIG, main


def test_denoise_pretraining():
    history = main(dict(CONFIG, steps=2))
    assert len(history) == 2
