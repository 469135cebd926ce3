from django import template

register = template.Library()


@register.filter
def get(container: object, key: object) -> object:
    """`{{ names|get:code }}` / `{{ flags|get:index }}`: a lookup with a variable key or index."""
    if isinstance(container, dict):
        return container.get(key)
    try:
        return container[key]  # type: ignore[index]
    except (TypeError, IndexError, KeyError):
        return None
