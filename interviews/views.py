from django.contrib.auth.decorators import login_required
from django.shortcuts import render


@login_required
def new_interview(request):
    return render(request, "interviews/new.html")
