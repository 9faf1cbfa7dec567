def tenant(request):
    """Puts ``tenant`` in every template context."""
    return {"tenant": getattr(request, "tenant", None)}
