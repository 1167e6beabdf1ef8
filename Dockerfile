# One image for the web and the worker services of compose.yaml.
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 \
    DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app
COPY requirements/base.txt requirements/base.txt
RUN pip install --no-cache-dir -r requirements/base.txt
COPY . .
# collectstatic needs a key to import the settings; the real one comes at run time.
RUN SECRET_KEY=build-only python manage.py collectstatic --noinput
RUN useradd --create-home kirjuri
USER kirjuri
EXPOSE 8000
