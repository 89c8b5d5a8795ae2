"""The app's pages, one module each (deliberately not a folder named `pages/`,
which would switch on Streamlit's old automatic page discovery)."""
