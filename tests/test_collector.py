"""The serving processes keep what loading the site made out of the garbage collector's later walks."""

import gc

from celery.signals import worker_init

from cardavia import collector


def test_a_loaded_site_is_frozen_and_collects_its_young_less_often():
    import cardavia.asgi  # noqa: F401  (daphne loads the site through it)

    assert gc.get_threshold() == collector.THRESHOLDS
    assert gc.get_freeze_count() > 0


def test_a_celery_worker_settles_once_loaded():
    from cardavia import celery

    assert celery.settle in [receiver() for _, receiver in worker_init.receivers]
