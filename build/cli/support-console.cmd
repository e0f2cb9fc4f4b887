@echo off
rem support-console: the Support Console's command line, run by the app's own binary in its
rem command-line mode (the packaged app cannot run as plain Node). Installed in the app's resources\bin;
rem put that folder on PATH.
"%~dp0..\..\support-console.exe" --cli %*
exit /b %ERRORLEVEL%
