// Pushes a toast the way a legacy page without a module system would.
document.getElementById('show-toast')?.addEventListener('click', () => {
  document.dispatchEvent(
    new CustomEvent('bo-toast', {
      detail: { content: 'Les informations ont été mises à jour.', type: 'success' },
    }),
  );
});
